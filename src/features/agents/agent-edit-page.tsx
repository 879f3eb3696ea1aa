/**
 * An agent's page: 'Agente / Adicionar' at /admin/agentes/novo, the edit page
 * at /admin/agentes/{id or local key} with 'Novo agente'. Card 'Dados
 * cadastrais' with every field, Salvar and Deletar; types are added in their
 * modal; once saved, the agent's equipment list. Everything is saved on the
 * device and sent by the sync engine, so it works offline.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLocalList } from '../../../sync/react/use-local-record';
import { useRecordProblem } from '../../../sync/react/use-outbox-problems';
import { routeParamOf, useRouteRecord } from '../../../sync/react/use-route-record';
import { useSyncActions } from '../../../sync/react/use-sync-actions';
import type { LocalProduct } from '../../../sync/store/registry/catalog-records';
import { alertDanger, alertSuccess } from '../../ui/alerts';
import { useConfirmDelete } from '../../ui/confirm-delete';
import { EditPage, PageLoading, RecordNotFound } from '../../ui/edit-page';
import { EquipmentLinesSection } from '../../ui/equipment';
import { errorMessage, fieldErrorsOf } from '../../ui/forms';
import { PendingBadge } from '../../ui/list-page';
import { AGENT_FIELD_NAMES, agentValues, readAgent, type AgentErrors, type AgentValues } from './agent-form';
import { AgentFields } from './agent-fields';
import { AGENT_TEXTS } from './agent-texts';
import { defaultProductType, isChemicalType } from './product-type';
import { ProductTypeModal } from './product-type-modal';

export function AgentEditPage({ productId }: { productId?: string }) {
  const state = useRouteRecord('products', productId);
  if (productId === undefined) return <AgentEditor />;
  if (state.loading) return <PageLoading />;
  if (!state.record) {
    return (
      <RecordNotFound
        title={AGENT_TEXTS.editTitle}
        back={
          <Button
            variant="default"
            w="fit-content"
            renderRoot={(props) => <Link {...props} to="/admin/agentes/lista/$page" params={{ page: '1' }} />}
          >
            {AGENT_TEXTS.backToList}
          </Button>
        }
      />
    );
  }
  return <AgentEditor key={state.record.key} record={state.record} />;
}

function AgentEditor({ record }: { record?: LocalProduct }) {
  const navigate = useNavigate();
  const { saveRecord, deleteRecord } = useSyncActions();
  const problem = useRecordProblem('products', record?.key);
  const typeList = useLocalList('product_types');
  const types = useMemo(() => (typeList.loading ? [] : typeList.rows), [typeList]);
  const [values, setValues] = useState<AgentValues>(() => agentValues(record));
  const [errors, setErrors] = useState<AgentErrors>({});
  const [saving, setSaving] = useState(false);
  const [typeModal, setTypeModal] = useState(false);
  const typeTouched = useRef(record !== undefined);
  const remove = useConfirmDelete<LocalProduct>({
    run: (product) => deleteRecord('products', product.key),
    successMessage: AGENT_TEXTS.deleted,
    onDeleted: () => void navigate({ to: '/admin/agentes/lista/$page', params: { page: '1' } }),
  });

  // A new agent starts with the default type once the types are read.
  useEffect(() => {
    if (typeTouched.current || typeList.loading) return;
    const type = defaultProductType(types);
    typeTouched.current = true;
    if (type) setValues((current) => (current.typeKey ? current : { ...current, typeKey: type.key }));
  }, [typeList.loading, types]);

  const selectedType = types.find((type) => type.key === values.typeKey);
  // A type this device does not know (typeId only) cannot be told chemical: keep a CAS it already has.
  const chemical = selectedType ? isChemicalType(selectedType) : values.typeId !== null && values.cas.trim() !== '';

  const submit = async () => {
    const read = readAgent(values, chemical);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const key = await saveRecord('products', record?.key ?? null, read.fields);
      alertSuccess(AGENT_TEXTS.saved);
      const productId = record ? routeParamOf(record) : key;
      void navigate({ to: '/admin/agentes/$productId', params: { productId }, replace: record !== undefined });
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error, AGENT_FIELD_NAMES);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else alertDanger(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <EditPage
      title={record ? AGENT_TEXTS.editTitle : AGENT_TEXTS.createTitle}
      status={record && record.id === null ? <PendingBadge /> : null}
      actions={
        record ? (
          <Button variant="light" renderRoot={(props) => <Link {...props} to="/admin/agentes/novo" />}>
            {AGENT_TEXTS.newButton}
          </Button>
        ) : null
      }
      problem={problem}
      onSubmit={() => void submit()}
      saving={saving}
      onDelete={record ? () => remove.request(record) : undefined}
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
          {remove.modal({ message: AGENT_TEXTS.confirmDelete })}
        </>
      }
    >
      <AgentFields
        values={values}
        errors={errors}
        types={types}
        chemical={chemical}
        onChange={(patch, field) => {
          if (field === 'type') typeTouched.current = true;
          setValues((current) => ({ ...current, ...patch }));
          setErrors((current) => ({ ...current, [field]: undefined }));
        }}
        onNewType={() => setTypeModal(true)}
      />
    </EditPage>
  );
}
