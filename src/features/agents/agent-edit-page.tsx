/**
 * An agent's page: 'Agente / Adicionar' at /admin/agentes/novo, the edit page
 * at /admin/agentes/{id or local key} with 'Novo agente'. Card 'Dados
 * cadastrais' with every field, Salvar and Deletar; types are added in their
 * modal; once saved, the agent's equipment list. Everything is saved on the
 * device and sent by the sync engine, so it works offline.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalProduct } from '@sync/react';
import { RecordEditPage, RecordRoute, useRecordForm } from '@/ui/edit-page';
import { EquipmentLinesSection } from '@/entities/equipment';
import { AGENT_FIELD_NAMES, agentFormSchema, agentValues, type ChemicalRule } from './agent-form';
import { AgentFields } from './agent-fields';
import { AGENT_ROUTES } from './agent-routes';
import { AGENT_TEXTS } from './agent-texts';
import { defaultProductType, isChemicalType } from './product-type';
import { ProductTypeModal } from './product-type-modal';

export function AgentEditPage({ productId }: { productId?: string }) {
  return (
    <RecordRoute
      resource="products"
      param={productId}
      notFoundTitle={AGENT_TEXTS.editTitle}
      backToList={AGENT_TEXTS.backToList}
      routes={AGENT_ROUTES}
    >
      {(record) => <AgentEditor record={record} />}
    </RecordRoute>
  );
}

function AgentEditor({ record }: { record?: LocalProduct }) {
  const typeList = useLocalList('product_types');
  const types = useMemo(() => (typeList.loading ? [] : typeList.rows), [typeList]);
  const [typeModal, setTypeModal] = useState(false);
  const typeTouched = useRef(record !== undefined);
  // A type this device does not know (type_id only) cannot be told chemical: keep a CAS it already has.
  const chemicalOf = useCallback<ChemicalRule>(
    ({ type_key, type_id, hasCas }) => {
      const selectedType = types.find((type) => type.key === type_key);
      return selectedType ? isChemicalType(selectedType) : type_id !== null && hasCas;
    },
    [types],
  );
  const schema = useMemo(() => agentFormSchema(chemicalOf), [chemicalOf]);
  const editor = useRecordForm({
    resource: 'products',
    record,
    schema,
    initialValues: () => agentValues(record),
    fieldNames: AGENT_FIELD_NAMES,
    texts: AGENT_TEXTS,
    routes: AGENT_ROUTES,
  });
  const form = editor.form.form;
  const values = editor.form.values;
  /** Picking a type replaces one known only by id. */
  const chooseType = (key: string | null) => {
    typeTouched.current = true;
    form.setFieldValue('type_key', key);
    form.setFieldValue('type_id', null);
  };

  // A new agent starts with the default type once the types are read.
  useEffect(() => {
    if (typeTouched.current || typeList.loading) return;
    const type = defaultProductType(types);
    typeTouched.current = true;
    if (type) form.setFieldValue('type_key', (current) => current ?? type.key);
  }, [typeList.loading, types, form]);

  return (
    <RecordEditPage
      editor={editor}
      texts={AGENT_TEXTS}
      routes={AGENT_ROUTES}
      after={
        <>
          {record ? <EquipmentLinesSection resource="product_equipments" parentKeyField="product_key" parentKey={record.key} /> : null}
          <ProductTypeModal
            opened={typeModal}
            onClose={() => setTypeModal(false)}
            onSaved={(key) => {
              setTypeModal(false);
              chooseType(key);
            }}
          />
        </>
      }
    >
      <AgentFields
        form={editor.form}
        types={types}
        chemical={chemicalOf({ type_key: values.type_key, type_id: values.type_id, hasCas: values.cas.trim() !== '' })}
        onTypeChange={chooseType}
        onNewType={() => setTypeModal(true)}
      />
    </RecordEditPage>
  );
}
