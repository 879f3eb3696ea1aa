/**
 * 'Resultados' (samples.md sections 2, 3 and 5): 'Resultados Químico' with
 * tabs for the risk indexes (risk1 has a maximum only, risk4 a minimum
 * only), LQ and the six option lists; 'Resultados Ruído' with tabs NHO and
 * NR15 (level1 has no minimum, level4 no maximum); one Salvar. A bound that
 * is not a number stops the save with the spec's message at its field, above
 * the form and in a danger alert. What is saved drives the risk computations of every device
 * (samples read `result_chemical` and `result_noise` from their local
 * settings after the next sync).
 */
import { ActionIcon, Button, Card, ColorInput, Group, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { SETTINGS_MESSAGES } from '@sync/contract/settings-groups';
import { LEVEL_KEYS, type LevelKey, OPTION_KEYS, parseResultThresholds, RISK_KEYS, type RiskKey } from '@/domain/result-thresholds-parse';
import { alertDanger } from '@/ui/alerts';
import { useSchemaForm } from '@/ui/forms';
import { type LevelValues, type NormKey, type OptionKey, resultsFormSchema, resultsValues } from './results-form';
import { RESULTS_TEXTS as T, SETTINGS_TEXTS } from './settings-texts';
import { useSaveSettings } from './use-save-settings';

const SCROLL_MIN_WIDTH = 720;

/** One line per distinct message (every bad bound of a table has the same spec message). */
function distinctMessages(errors: Readonly<Record<string, unknown>>): string[] {
  return [...new Set(Object.values(errors).map(String))];
}

export function ResultsTab({ settings }: { settings: Readonly<Record<string, string>> }) {
  const editor = useSchemaForm(resultsFormSchema, () =>
    resultsValues(parseResultThresholds({ chemical: settings.result_chemical, noise: settings.result_noise })),
  );
  const { save, saving } = useSaveSettings();
  const form = editor.form;
  const values = form.values;
  const input = (path: string, label: string) => {
    const props = form.getInputProps(path);
    return <TextInput aria-label={label} inputMode="decimal" size="sm" {...props} />;
  };
  const messages = distinctMessages(form.errors);

  const submit = async () => {
    const result = editor.read();
    if (!result.ok) {
      // The messages of this read: `form.errors` only has them after the next render (the toast was empty, issue 24).
      alertDanger(distinctMessages(result.errors));
      return;
    }
    await save(result.output, SETTINGS_MESSAGES.resultsSaved);
  };

  const riskRow = (key: RiskKey) => {
    const name = T.risks[key];
    return (
      <Table.Tr key={key}>
        <Table.Td>{name}</Table.Td>
        <Table.Td>{key === 'risk1' ? T.noBound : input(`chemical.risks.${key}.min`, `${T.min} ${name}`)}</Table.Td>
        <Table.Td>{key === 'risk4' ? T.noBound : input(`chemical.risks.${key}.max`, `${T.max} ${name}`)}</Table.Td>
        <Table.Td>
          <TextInput aria-label={`${T.conclusion} ${name}`} size="sm" {...form.getInputProps(`chemical.risks.${key}.conclusion`)} />
        </Table.Td>
        <Table.Td>
          <ColorInput aria-label={`${T.color} ${name}`} size="sm" format="hex" {...form.getInputProps(`chemical.risks.${key}.color`)} />
        </Table.Td>
      </Table.Tr>
    );
  };

  const optionList = (key: OptionKey) => {
    const items = values.chemical.options[key];
    const path = `chemical.options.${key}`;
    const set = (next: Array<{ name: string }>) => form.setFieldValue(path as never, (next.length > 0 ? next : [{ name: '' }]) as never);
    return (
      <Stack gap="xs">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: list rows have no identity but their place.
          <Group key={index} gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label={`${T.optionName} ${index + 1}`}
              value={item.name}
              maxLength={255}
              onChange={(event) => set(items.map((it, i) => (i === index ? { name: event.currentTarget.value } : it)))}
            />
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={T.removeOption} onClick={() => set(items.filter((_, i) => i !== index))}>
              −
            </ActionIcon>
            {index === items.length - 1 ? (
              <ActionIcon variant="subtle" size="lg" aria-label={T.addOption} onClick={() => set([...items, { name: '' }])}>
                +
              </ActionIcon>
            ) : null}
          </Group>
        ))}
      </Stack>
    );
  };

  const levelRow = (norm: NormKey, key: LevelKey) => {
    const name = `${T[norm]} ${T.levels[key]}`;
    const at = (field: keyof LevelValues) => `noise.${norm}.${key}.${field}`;
    return (
      <Table.Tr key={key}>
        <Table.Td>{T.levels[key]}</Table.Td>
        <Table.Td>{key === 'level1' ? T.noBound : input(at('dailyDoseMin'), `${T.dailyDoseMin} ${name}`)}</Table.Td>
        <Table.Td>{key === 'level4' ? T.noBound : input(at('dailyDoseMax'), `${T.dailyDoseMax} ${name}`)}</Table.Td>
        <Table.Td>{key === 'level1' ? T.noBound : input(at('min'), `${T.min} ${name}`)}</Table.Td>
        <Table.Td>{key === 'level4' ? T.noBound : input(at('max'), `${T.max} ${name}`)}</Table.Td>
        <Table.Td>
          <TextInput aria-label={`${T.technicalConsiderations} ${name}`} size="sm" {...form.getInputProps(at('technicalConsiderations'))} />
        </Table.Td>
        <Table.Td>
          <TextInput aria-label={`${T.recommendedAction} ${name}`} size="sm" {...form.getInputProps(at('recommendedAction'))} />
        </Table.Td>
        <Table.Td>
          <ColorInput aria-label={`${T.color} ${name}`} size="sm" format="hex" {...form.getInputProps(at('bgColor'))} />
        </Table.Td>
      </Table.Tr>
    );
  };

  const noiseTable = (norm: NormKey) => (
    <Table.ScrollContainer minWidth={SCROLL_MIN_WIDTH + 280}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.level}</Table.Th>
            <Table.Th>{T.dailyDoseMin}</Table.Th>
            <Table.Th>{T.dailyDoseMax}</Table.Th>
            <Table.Th>{T.min}</Table.Th>
            <Table.Th>{T.max}</Table.Th>
            <Table.Th>{T.technicalConsiderations}</Table.Th>
            <Table.Th>{T.recommendedAction}</Table.Th>
            <Table.Th>{T.color}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{LEVEL_KEYS.map((key) => levelRow(norm, key))}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="lg">
        {messages.length > 0 ? (
          <Text c="red" size="sm" role="alert" style={{ whiteSpace: 'pre-line' }}>
            {messages.join('\n')}
          </Text>
        ) : null}
        <Card withBorder padding="md">
          <Title order={4} mb="sm">
            {T.chemicalTitle}
          </Title>
          <Tabs defaultValue="risks">
            <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
              <Tabs.Tab value="risks">{T.riskTab}</Tabs.Tab>
              <Tabs.Tab value="lq">{T.lqTab}</Tabs.Tab>
              {OPTION_KEYS.map((key) => (
                <Tabs.Tab key={key} value={key}>
                  {T.options[key]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="risks" pt="md">
              <Table.ScrollContainer minWidth={SCROLL_MIN_WIDTH}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{T.risk}</Table.Th>
                      <Table.Th>{T.min}</Table.Th>
                      <Table.Th>{T.max}</Table.Th>
                      <Table.Th>{T.conclusion}</Table.Th>
                      <Table.Th>{T.color}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>{RISK_KEYS.map(riskRow)}</Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Tabs.Panel>
            <Tabs.Panel value="lq" pt="md">
              <Group grow align="flex-start">
                <TextInput label={T.conclusion} {...form.getInputProps('chemical.lq.conclusion')} />
                <ColorInput label={T.color} format="hex" {...form.getInputProps('chemical.lq.color')} />
              </Group>
            </Tabs.Panel>
            {OPTION_KEYS.map((key) => (
              <Tabs.Panel key={key} value={key} pt="md">
                {optionList(key)}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Card>
        <Card withBorder padding="md">
          <Title order={4} mb="sm">
            {T.noiseTitle}
          </Title>
          <Tabs defaultValue="nho">
            <Tabs.List>
              <Tabs.Tab value="nho">{T.nho}</Tabs.Tab>
              <Tabs.Tab value="nr15">{T.nr15}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="nho" pt="md">
              {noiseTable('nho')}
            </Tabs.Panel>
            <Tabs.Panel value="nr15" pt="md">
              {noiseTable('nr15')}
            </Tabs.Panel>
          </Tabs>
        </Card>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {SETTINGS_TEXTS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
