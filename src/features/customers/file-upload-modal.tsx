/**
 * 'Upload de Arquivos' (spec: Customers, "Upload modal"; section 9: no
 * auto-upload, several files): a drop zone (or click to choose), then the
 * list of chosen files, each with its name (default: the file name without
 * extension) and a remove button; Cancelar and 'Salvar (n)'. A blank name
 * stops the save with 'Preencha os nomes obrigatórios dos arquivos'. Files
 * the product does not accept (type outside the allow-list, larger than the
 * upload limit) are refused here with a warning, before any upload.
 */
import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { ALLOWED_FILE_TYPES, DEFAULT_UPLOAD_LIMIT_MB, fileTooLargeMessage } from '@sync/contract/customers';
import { alertWarning } from '@/ui/alerts';
import { FILE_TEXTS } from './customer-texts';
import { checkFileDrafts, fileDraftsOf, removeFileDraft, renameDraft, type FileDraft } from './file-drafts';

/** The allow-list as Dropzone's accept map (types with their extensions, for generic types from the OS). */
const ACCEPT = Object.fromEntries(
  Object.entries(ALLOWED_FILE_TYPES).map(([type, extensions]) => [type, extensions.map((extension) => `.${extension}`)]),
);
const MAX_BYTES = DEFAULT_UPLOAD_LIMIT_MB * 1024 * 1024;

export interface FileUploadModalProps {
  opened: boolean;
  onClose: () => void;
  /** Salvar with every name filled in: the chosen files and their names. */
  onSave: (drafts: FileDraft[]) => void | Promise<void>;
}

export function FileUploadModal({ opened, onClose, onSave }: FileUploadModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={FILE_TEXTS.modal.title} size="lg" centered>
      {/* Mounted only while open: each opening starts with no files. */}
      {opened ? <UploadForm onClose={onClose} onSave={onSave} /> : null}
    </Modal>
  );
}

function rejectionMessage(rejection: FileRejection): string {
  if (rejection.errors.some((error) => error.code === 'file-too-large')) return fileTooLargeMessage(DEFAULT_UPLOAD_LIMIT_MB);
  return FILE_TEXTS.modal.unsupported(rejection.file.type || rejection.file.name);
}

function UploadForm({ onClose, onSave }: Omit<FileUploadModalProps, 'opened'>) {
  const [drafts, setDrafts] = useState<FileDraft[]>([]);
  const [blank, setBlank] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async () => {
    const check = checkFileDrafts(drafts);
    if (!check.ok) {
      setBlank(check.blank);
      setProblem(check.message);
      alertWarning(check.message);
      return;
    }
    setSaving(true);
    try {
      await onSave(drafts);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Dropzone
        onDrop={(files) => setDrafts((current) => [...current, ...fileDraftsOf(files)])}
        onReject={(rejections) => {
          for (const rejection of rejections) alertWarning(rejectionMessage(rejection));
        }}
        accept={ACCEPT}
        maxSize={MAX_BYTES}
        multiple
        // The area opens the file chooser (click, Enter, Space): a button named in Portuguese, and
        // its hidden input too (react-dropzone names that input 'file upload').
        role="button"
        aria-label={FILE_TEXTS.modal.drop}
        inputProps={{ 'aria-label': FILE_TEXTS.modal.drop }}
      >
        <Stack gap={4} align="center" py="lg" style={{ pointerEvents: 'none' }}>
          <Text fw={500}>{FILE_TEXTS.modal.drop}</Text>
          <Text size="sm" c="dimmed">
            {FILE_TEXTS.modal.limits(DEFAULT_UPLOAD_LIMIT_MB)}
          </Text>
        </Stack>
      </Dropzone>
      {drafts.length > 0 ? (
        <Stack gap="xs" role="list" aria-label={FILE_TEXTS.modal.title}>
          {drafts.map((draft) => (
            <Group key={draft.id} gap="xs" align="flex-start" wrap="nowrap" role="listitem">
              <TextInput
                label={FILE_TEXTS.modal.name}
                description={draft.file.name}
                value={draft.name}
                onChange={(event) => {
                  const name = event.currentTarget.value;
                  setDrafts((current) => renameDraft(current, draft.id, name));
                  if (name.trim()) setBlank((current) => new Set([...current].filter((id) => id !== draft.id)));
                }}
                error={blank.has(draft.id) ? (problem ?? true) : undefined}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="light"
                color="red"
                size="lg"
                mt={42}
                aria-label={`${FILE_TEXTS.modal.remove} ${draft.file.name}`}
                onClick={() => setDrafts((current) => removeFileDraft(current, draft.id))}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={saving}>
          {FILE_TEXTS.modal.cancel}
        </Button>
        <Button onClick={() => void save()} disabled={drafts.length === 0} loading={saving}>
          {FILE_TEXTS.modal.save(drafts.length)}
        </Button>
      </Group>
    </Stack>
  );
}
