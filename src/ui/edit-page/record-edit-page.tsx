/**
 * The record page of a synced area on the shared frame: 'Adicionar' or
 * 'Editar' title, the 'Pendente' badge while the record was never sent,
 * 'Novo …' on an existing record, its sync problem, Salvar, Deletar with its
 * confirmation. Takes the editor's parts rather than the editor itself so a
 * page with its own save (customers) uses it too.
 */
import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { RecordProblem } from '@sync/react/use-outbox-problems';
import type { ConfirmDelete } from '../confirm-delete';
import { PendingBadge } from '../list-page/record-id-cell';
import type { RecordRoutes } from '../list-page/record-routes';
import { EditPage } from './edit-page';

export interface RecordPageTexts {
  createTitle: string;
  editTitle: string;
  newButton: string;
  confirmDelete: string;
  confirmDeleteTitle?: string;
}

export interface RecordEditFrame<T> {
  record?: T;
  problem?: RecordProblem;
  saving: boolean;
  submit: () => Promise<void>;
  remove: ConfirmDelete<T>;
}

export interface RecordEditPageProps<T> {
  editor: RecordEditFrame<T>;
  texts: RecordPageTexts;
  routes: RecordRoutes;
  /** Below the card, before the delete confirmation (equipment lists, modals). */
  after?: ReactNode;
  /** The form fields. */
  children: ReactNode;
}

export function RecordEditPage<T extends { id: number | null }>({ editor, texts, routes, after, children }: RecordEditPageProps<T>) {
  const { record, remove } = editor;
  return (
    <EditPage
      title={record ? texts.editTitle : texts.createTitle}
      status={record && record.id === null ? <PendingBadge /> : null}
      actions={
        record ? (
          <Button variant="light" renderRoot={(props) => <Link {...props} {...routes.create} />}>
            {texts.newButton}
          </Button>
        ) : null
      }
      problem={editor.problem}
      onSubmit={() => void editor.submit()}
      saving={editor.saving}
      onDelete={record ? () => remove.request(record) : undefined}
      after={
        <>
          {after}
          {remove.modal({ title: texts.confirmDeleteTitle, message: texts.confirmDelete })}
        </>
      }
    >
      {children}
    </EditPage>
  );
}
