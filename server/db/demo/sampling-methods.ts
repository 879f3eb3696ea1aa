/**
 * Demo step: sampling methods (issue 22) linked to the demo's chemical
 * agents, with the figures of the NIOSH Manual of Analytical Methods (NMAM)
 * where the method states one figure for all its analytes:
 *
 * - NIOSH 1501 (aromatic hydrocarbons, issue 3): charcoal tube 100/50 mg,
 *   0.01–0.2 L/min, samples stable 30 days at 5 °C. Its volumes are per
 *   analyte (table 3); 2–30 L is a plausible span over toluene, benzene and
 *   xylene, not a figure of the method;
 * - NIOSH 7300 (elements by ICP): 0.8 µm MCE filter, 1–4 L/min, stable (no
 *   holding time). Its volumes are per element (table 1); 5–2000 L is
 *   plausible for manganese, not checked against the table;
 * - NIOSH 7602 (crystalline silica by IR): 10 mm nylon (1.7 L/min) or
 *   Higgins-Dewell (2.2 L/min) cyclone with a 5 µm PVC filter, 400–1000 L,
 *   stable;
 * - NIOSH 0600 (respirable particulates not otherwise regulated): cyclone
 *   and PVC filter, 1.7–2.5 L/min (nylon, HD, aluminium cyclones), 20–400 L,
 *   stable; no demo agent is a nuisance dust, so it lists none.
 *
 * Runs after the catalog step (`state.other.agents`).
 */
import type { SamplingInstitution } from '@sync/contract/sampling-methods';
import { samplingMethods } from '../schema';
import type { DemoStep } from './steps';

type DemoMethod = {
  key: string;
  institution: SamplingInstitution;
  code: string;
  description: string;
  sampler: string;
  flow: [number, number];
  volume: [number, number];
  holding_days: number | null;
  storage_temperature: string;
  laboratory: string;
  /** Keys of DEMO_AGENTS. */
  agents: string[];
};

/** A made-up laboratory: the demo names no real one. */
const LABORATORY = 'Laboratório de Análises Demonstração (ISO/IEC 17025)';

export const DEMO_SAMPLING_METHODS: DemoMethod[] = [
  {
    key: 'niosh1501',
    institution: 'niosh',
    code: '1501',
    description: 'Hidrocarbonetos aromáticos',
    sampler: 'Tubo de carvão ativo (100 mg/50 mg)',
    flow: [0.01, 0.2],
    volume: [2, 30],
    holding_days: 30,
    storage_temperature: 'Refrigerada (5 °C)',
    laboratory: LABORATORY,
    agents: ['tolueno', 'benzeno', 'xileno'],
  },
  {
    key: 'niosh7300',
    institution: 'niosh',
    code: '7300',
    description: 'Metais por ICP (digestão nítrica/perclórica)',
    sampler: 'Filtro de éster de celulose (MCE) 0,8 µm, cassete de 37 mm',
    flow: [1, 4],
    volume: [5, 2000],
    holding_days: null,
    storage_temperature: 'Ambiente',
    laboratory: LABORATORY,
    agents: ['manganes'],
  },
  {
    key: 'niosh7602',
    institution: 'niosh',
    code: '7602',
    description: 'Sílica cristalina por infravermelho',
    sampler: 'Ciclone (náilon 10 mm ou Higgins-Dewell) + filtro de PVC 5 µm',
    flow: [1.7, 2.2],
    volume: [400, 1000],
    holding_days: null,
    storage_temperature: 'Ambiente',
    laboratory: LABORATORY,
    agents: ['silica'],
  },
  {
    key: 'niosh0600',
    institution: 'niosh',
    code: '0600',
    description: 'Poeira respirável (particulados não regulamentados)',
    sampler: 'Ciclone + filtro de PVC 5 µm',
    flow: [1.7, 2.5],
    volume: [20, 400],
    holding_days: null,
    storage_temperature: 'Ambiente',
    laboratory: LABORATORY,
    agents: [],
  },
];

export const demoSamplingMethodsStep: DemoStep = {
  name: 'métodos de amostragem',
  async run(tx, state) {
    const agentIds = state.other.agents ?? {};
    const ids: Record<string, number> = {};
    for (const { key, flow, volume, agents, ...method } of DEMO_SAMPLING_METHODS) {
      const agent_ids = agents.map((agent) => {
        const id = agentIds[agent];
        if (id === undefined) throw new Error(`demo sampling methods: unknown agent ${agent}`);
        return id;
      });
      const [row] = await tx
        .insert(samplingMethods)
        .values({ ...method, flow_min: flow[0], flow_max: flow[1], volume_min: volume[0], volume_max: volume[1], agent_ids })
        .returning({ id: samplingMethods.id });
      ids[key] = row!.id;
    }
    state.other.samplingMethods = ids;
  },
};
