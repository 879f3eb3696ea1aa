/**
 * The 'Anexos' tab (spec: Customers, "Files tab"): search (500 ms), the
 * table (ID, Nome, Opções) with per-row Download and Deletar, 'Notificar por
 * e-mail', selection mode (Selecionar/Cancelar; leaving it clears the
 * selection) with 'Baixar todos (n)', and 'Anexar arquivos' (the upload
 * modal). Empty text 'Ainda não tem nenhum arquivo atribuido.'.
 *
 * Files attached to a customer are kept on the device at once and sent by
 * the engine after the customer exists on the server; while online for a
 * customer already there, the tab announces '{n} arquivo(s) enviado(s) com
 * sucesso' when the engine is done, otherwise '{n} arquivo(s) adicionado(s)
 * temporariamente'. For a customer not saved yet the files are held by the
 * page (`held`) and attached when it saves. Downloads open the device's
 * copy when there is one (offline too) and keep what they fetch. The files,
 * their states and the actions come from `useRecordFiles` (sync/react), the
 * one way screens handle a record's files.
 * Customer-type users only search, select and download.
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Checkbox, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useSyncContext } from '@sync/react/context';
import { useRecordFiles } from '@sync/react/use-record-files';
import { useSyncActions } from '@sync/react/use-sync-actions';
import { useSyncStatus } from '@sync/react/use-sync-status';
import type { LocalCustomer } from '@sync/react';
import { alertDanger, alertSuccess, alertWarning } from '@/ui/alerts';
import { ConfirmModal } from '@/ui/confirm-modal';
import { errorMessage } from '@/ui/forms';
import { RecordIdCell } from '@/ui/list-page';
import { useListSearch } from '@/ui/paginator';
import { bytesOf, newFilesOf, rowOfDraft, rowOfFile, zipOf, type Downloader, type FileRow } from './customer-files';
import type { CustomerRemote } from './customer-remote';
import { FILE_TEXTS } from './customer-texts';
import type { FileDraft } from './file-drafts';
import { FileUploadModal } from './file-upload-modal';
import { NotifyModal } from './notify-modal';
import { saveBlobAs } from '@/ui/save-blob';
import { downloadFileName, zipNameForToday } from './save-file';
import { useUploadAnnouncements } from './use-file-sync';

export const FILE_SEARCH_DEBOUNCE_MS = 500;

export interface CustomerFilesTabProps {
  /** The customer as stored on the device; null while it is not saved (files are held by the page). */
  customer: LocalCustomer | null;
  restricted?: boolean;
  /** Files held for a customer not saved yet. */
  held?: FileDraft[];
  onHeldChange?: (drafts: FileDraft[]) => void;
  /** E-mail calls; without it there is no 'Notificar por e-mail'. */
  remote?: CustomerRemote;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function matches(row: FileRow, search: string): boolean {
  const haystack = fold(`${row.name} ${row.originalName}`);
  return fold(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export function CustomerFilesTab({ customer, restricted = false, held = [], onHeldChange, remote }: CustomerFilesTabProps) {
  const { db, engine } = useSyncContext();
  const { syncNow } = useSyncActions();
  const status = useSyncStatus();
  const online = status.loading ? (globalThis.navigator?.onLine ?? true) : status.online;
  const recordFiles = useRecordFiles('customer_files', customer?.key ?? null);
  const fileList = recordFiles.loading ? null : recordFiles.files;
  const files = useMemo(() => fileList ?? [], [fileList]);
  const announcements = useUploadAnnouncements(files);
  const search = useListSearch({ delayMs: FILE_SEARCH_DEBOUNCE_MS });
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [uploadOpen, setUploadOpen] = useState(false);
  const [notifyOpen, setNotifyOpen] = useState(false);
  const [deleting, setDeleting] = useState<FileRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const rows = useMemo(() => (customer ? files.map(rowOfFile) : held.map(rowOfDraft)), [customer, files, held]);
  const shown = useMemo(() => (search.applied ? rows.filter((row) => matches(row, search.applied)) : rows), [rows, search.applied]);
  const downloader: Downloader = { db, engine, online };
  const waitingUpload = rows.some((row) => row.id === null);

  const toggleSelecting = () => {
    setSelecting((current) => !current);
    setSelected(new Set());
  };

  const download = async (row: FileRow) => {
    setBusy(row.key);
    try {
      saveBlobAs(await bytesOf(recordFiles.bytes, row), downloadFileName(row.name, row.originalName));
      alertSuccess(FILE_TEXTS.downloaded(1));
    } catch (error) {
      alertDanger(FILE_TEXTS.downloadFailed(errorMessage(error)));
    } finally {
      setBusy(null);
    }
  };

  const downloadSelected = async () => {
    const chosen = rows.filter((row) => selected.has(row.key));
    if (chosen.length === 0) {
      alertWarning(FILE_TEXTS.noneSelected);
      return;
    }
    setBusy('zip');
    try {
      saveBlobAs(await zipOf(downloader, customer?.id ?? null, chosen), zipNameForToday());
      alertSuccess(FILE_TEXTS.downloaded(chosen.length));
      setSelecting(false);
      setSelected(new Set());
    } catch (error) {
      alertDanger(FILE_TEXTS.downloadFailed(errorMessage(error)));
    } finally {
      setBusy(null);
    }
  };

  const attach = async (drafts: FileDraft[]) => {
    if (!customer) {
      onHeldChange?.([...held, ...drafts]);
      setUploadOpen(false);
      alertSuccess(FILE_TEXTS.heldOnDevice(drafts.length));
      return;
    }
    try {
      const keys = await recordFiles.add(newFilesOf(drafts));
      setUploadOpen(false);
      if (online && customer.id !== null) {
        announcements.watch(keys);
        void syncNow();
      } else {
        alertSuccess(FILE_TEXTS.heldOnDevice(drafts.length));
      }
    } catch (error) {
      alertDanger(FILE_TEXTS.uploadFailed(errorMessage(error)));
    }
  };

  const confirmDelete = async () => {
    const row = deleting;
    if (!row) return;
    setBusy('delete');
    try {
      if (row.held) onHeldChange?.(held.filter((draft) => draft.id !== row.key));
      else await recordFiles.remove(row.key);
      alertSuccess(FILE_TEXTS.deleted);
    } catch (error) {
      alertDanger(FILE_TEXTS.deleteFailed(row.id ?? row.name, errorMessage(error)));
    } finally {
      setBusy(null);
      setDeleting(null);
    }
  };

  const notifyButton =
    !restricted && remote && customer && customer.id !== null ? (
      <Tooltip label={!online ? FILE_TEXTS.notifyOffline : FILE_TEXTS.notifyPending} disabled={online && !waitingUpload} withinPortal>
        <Button variant="default" onClick={() => setNotifyOpen(true)} disabled={!online || waitingUpload}>
          {FILE_TEXTS.notify}
        </Button>
      </Tooltip>
    ) : null;

  let body;
  if (customer && recordFiles.loading) {
    body = null;
  } else if (rows.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="lg" data-testid="files-empty">
        {FILE_TEXTS.empty}
      </Text>
    );
  } else if (shown.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="lg">
        {FILE_TEXTS.noResults}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={480}>
        <Table striped verticalSpacing="xs" aria-label={FILE_TEXTS.tab}>
          <Table.Thead>
            <Table.Tr>
              {selecting ? <Table.Th style={{ width: 40 }} /> : null}
              <Table.Th style={{ width: 140 }}>{FILE_TEXTS.columns.id}</Table.Th>
              <Table.Th>{FILE_TEXTS.columns.name}</Table.Th>
              <Table.Th style={{ width: 200 }}>{FILE_TEXTS.columns.options}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => {
              const sending = row.file?.progress ?? null;
              return (
                <Table.Tr key={row.key}>
                  {selecting ? (
                    <Table.Td>
                      <Checkbox
                        aria-label={FILE_TEXTS.selectFile(row.name)}
                        checked={selected.has(row.key)}
                        onChange={(event) => {
                          const checked = event.currentTarget.checked;
                          setSelected((current) => {
                            const next = new Set(current);
                            if (checked) next.add(row.key);
                            else next.delete(row.key);
                            return next;
                          });
                        }}
                      />
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Stack gap={2}>
                      <RecordIdCell id={row.id} problem={row.file?.problem ?? undefined} />
                      {sending ? (
                        <Text size="xs" c="dimmed" data-testid="upload-progress">
                          {FILE_TEXTS.uploading(sending.total > 0 ? Math.floor((sending.loaded / sending.total) * 100) : 0)}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">{row.name}</Text>
                      {row.file?.availableOffline && row.id !== null ? (
                        <Badge size="xs" variant="light" color="teal">
                          {FILE_TEXTS.onDevice}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" loading={busy === row.key} onClick={() => void download(row)}>
                        {FILE_TEXTS.download}
                      </Button>
                      {restricted ? null : (
                        <Button size="xs" color="red" variant="light" onClick={() => setDeleting(row)}>
                          {FILE_TEXTS.delete}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <TextInput
          type="search"
          aria-label="Pesquisar arquivos"
          placeholder={FILE_TEXTS.searchPlaceholder}
          value={search.text}
          onChange={(event) => search.setText(event.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <Group gap="sm" wrap="wrap">
          {notifyButton}
          <Button variant="default" onClick={toggleSelecting}>
            {selecting ? FILE_TEXTS.cancelSelection : FILE_TEXTS.select}
          </Button>
          {selecting ? (
            <Button variant="light" loading={busy === 'zip'} onClick={() => void downloadSelected()}>
              {FILE_TEXTS.downloadAll(selected.size)}
            </Button>
          ) : null}
          {restricted ? null : <Button onClick={() => setUploadOpen(true)}>{FILE_TEXTS.attach}</Button>}
        </Group>
      </Group>
      {body}
      <FileUploadModal opened={uploadOpen} onClose={() => setUploadOpen(false)} onSave={attach} />
      {remote && customer && customer.id !== null ? (
        <NotifyModal
          opened={notifyOpen}
          onClose={() => setNotifyOpen(false)}
          customer={{
            id: customer.id,
            email: customer.email,
            name: customer.name,
            type: customer.type,
            document: customer.document,
            contactName: customer.contact?.name ?? customer.contact_name,
          }}
          remote={remote}
        />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        message={FILE_TEXTS.confirmDelete}
        loading={busy === 'delete'}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
