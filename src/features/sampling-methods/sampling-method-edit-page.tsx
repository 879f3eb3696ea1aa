/**
 * A sampling method's page: 'Métodos de amostragem / Adicionar' at
 * /admin/metodos/novo, the edit page at /admin/metodos/{id or local key}
 * with 'Novo método'. Card 'Dados cadastrais', Salvar and Deletar; saved on
 * the device and sent by the sync engine, so it works offline.
 */
import { useMemo } from 'react';
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalSamplingMethod } from '@sync/react';
import { RecordEditPage, RecordRoute, useRecordForm } from '@/ui/edit-page';
import { chemicalAgentOptions, type AgentOptions } from './chemical-agent-options';
import { samplingMethodFormSchema, samplingMethodValues } from './sampling-method-form';
import { SamplingMethodFields } from './sampling-method-fields';
import { SAMPLING_METHOD_ROUTES } from './sampling-method-routes';
import { SAMPLING_METHOD_TEXTS } from './sampling-method-texts';

const NO_AGENTS: AgentOptions = { data: [], pending: 0 };

export function SamplingMethodEditPage({ methodId }: { methodId?: string }) {
  return (
    <RecordRoute
      resource="sampling_methods"
      param={methodId}
      notFoundTitle={SAMPLING_METHOD_TEXTS.editTitle}
      backToList={SAMPLING_METHOD_TEXTS.backToList}
      routes={SAMPLING_METHOD_ROUTES}
    >
      {(record) => <SamplingMethodEditor record={record} />}
    </RecordRoute>
  );
}

function SamplingMethodEditor({ record }: { record?: LocalSamplingMethod }) {
  const products = useLocalList('products');
  const types = useLocalList('product_types');
  const editor = useRecordForm({
    resource: 'sampling_methods',
    record,
    schema: samplingMethodFormSchema,
    initialValues: () => samplingMethodValues(record),
    texts: SAMPLING_METHOD_TEXTS,
    routes: SAMPLING_METHOD_ROUTES,
  });
  const chosen = editor.form.values.agent_ids;
  // Until the agents are read, no option: an agent not read yet is not an unknown one ('Agente #id').
  const agents = useMemo(
    () => (products.loading || types.loading ? NO_AGENTS : chemicalAgentOptions(products.rows, types.rows, chosen)),
    [products, types, chosen],
  );

  return (
    <RecordEditPage editor={editor} texts={SAMPLING_METHOD_TEXTS} routes={SAMPLING_METHOD_ROUTES}>
      <SamplingMethodFields form={editor.form} agents={agents} />
    </RecordEditPage>
  );
}
