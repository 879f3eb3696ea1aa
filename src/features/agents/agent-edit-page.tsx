/**
 * An agent's page: 'Agente / Adicionar' at /admin/agentes/novo, the edit page
 * at /admin/agentes/{id or local key} with 'Novo agente'. Card 'Dados
 * cadastrais' with every field, Salvar and Deletar; types are added in their
 * modal; once saved, the agent's equipment list. Everything is saved on the
 * device and sent by the sync engine, so it works offline.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocalList } from '@sync/react/use-local-record';
import type { LocalProduct } from '@sync/react';
import { RecordEditPage, RecordRoute, useRecordEditor } from '@/ui/edit-page';
import { EquipmentLinesSection } from '@/entities/equipment';
import { AGENT_FIELD_NAMES, agentValues, readAgent, type AgentValues } from './agent-form';
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
  // A type this device does not know (typeId only) cannot be told chemical: keep a CAS it already has.
  const chemicalOf = (values: AgentValues) => {
    const selectedType = types.find((type) => type.key === values.typeKey);
    return selectedType ? isChemicalType(selectedType) : values.typeId !== null && values.cas.trim() !== '';
  };
  const editor = useRecordEditor({
    resource: 'products',
    record,
    initialValues: () => agentValues(record),
    read: (values) => readAgent(values, chemicalOf(values)),
    fieldNames: AGENT_FIELD_NAMES,
    texts: AGENT_TEXTS,
    routes: AGENT_ROUTES,
  });
  const { values, setValues, setErrors } = editor;

  // A new agent starts with the default type once the types are read.
  useEffect(() => {
    if (typeTouched.current || typeList.loading) return;
    const type = defaultProductType(types);
    typeTouched.current = true;
    if (type) setValues((current) => (current.typeKey ? current : { ...current, typeKey: type.key }));
  }, [typeList.loading, types, setValues]);

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
              typeTouched.current = true;
              setValues((current) => ({ ...current, typeKey: key, typeId: null }));
              setErrors((current) => ({ ...current, type: undefined }));
            }}
          />
        </>
      }
    >
      <AgentFields
        values={values}
        errors={editor.errors}
        types={types}
        chemical={chemicalOf(values)}
        onChange={(patch, field) => {
          if (field === 'type') typeTouched.current = true;
          editor.change(patch, field);
        }}
        onNewType={() => setTypeModal(true)}
      />
    </RecordEditPage>
  );
}
