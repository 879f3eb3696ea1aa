/**
 * The image of a user (users form, profile): images only (spec section 5:
 * another type is refused with 'Você não pode enviar arquivos desse tipo.'
 * and the warning 'Tipo de arquivo não suportado: {type}'); the chosen file
 * or the current image is previewed.
 *
 * A chosen image is reduced on the device before it is handed to the form,
 * as sample photos are (src/ui/photos): a JPEG of at most
 * USER_IMAGE_MAX_PX on the long side, a few hundred kB. A phone's 5 MB photo
 * would otherwise fail the whole user save with a 413 (issue 24); the server
 * stores users' images at that size anyway. The field says the limit.
 */
import { useEffect, useRef, useState } from 'react';
import { Avatar, FileInput, Group } from '@mantine/core';
import { DEFAULT_UPLOAD_LIMIT_MB } from '@sync/contract/customers';
import { alertWarning } from '@/ui/alerts';
import { reduceImage } from '@/ui/photos';
import { USER_ENTITY_TEXTS } from './user-texts';

/** The long side a user's image is reduced to: what the server keeps (docs/decisions/image-uploads.md). */
export const USER_IMAGE_MAX_PX = 1024;

const LIMIT_BYTES = DEFAULT_UPLOAD_LIMIT_MB * 1024 * 1024;

export interface UserImageInputProps {
  label: string;
  placeholder?: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** The stored image's URL, shown until another is chosen. */
  currentUrl?: string | null;
}

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

/**
 * The image as it is sent: reduced to a JPEG File. When this browser cannot
 * reduce it, the original goes if it fits the server's limit (the server
 * re-encodes it); otherwise the reason is thrown.
 */
async function imageToSend(file: File): Promise<File> {
  try {
    const reduced = await reduceImage(file, { maxWidthOrHeight: USER_IMAGE_MAX_PX, thumbnail: false });
    return new File([reduced.blob], reduced.fileName, { type: reduced.type, lastModified: file.lastModified });
  } catch (error) {
    if (file.size <= LIMIT_BYTES) return file;
    throw error;
  }
}

export function UserImageInput({ label, placeholder, value, onChange, currentUrl }: UserImageInputProps) {
  const [error, setError] = useState<string | null>(null);
  const [reducing, setReducing] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!value || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const choose = async (file: File) => {
    setReducing(true);
    try {
      const sent = await imageToSend(file);
      if (mounted.current) onChange(sent);
    } catch (failure) {
      if (!mounted.current) return;
      // A ReduceImageError: 'Erro ao processar imagem: {reason}' in Portuguese.
      setError(failure instanceof Error ? failure.message : String(failure));
      onChange(null);
    } finally {
      if (mounted.current) setReducing(false);
    }
  };

  return (
    <Group align="flex-end" gap="md" wrap="nowrap">
      <Avatar src={preview ?? currentUrl ?? null} size={56} radius="xl" color="cyan" alt="" />
      <FileInput
        style={{ flex: 1 }}
        label={label}
        placeholder={placeholder}
        description={reducing ? USER_ENTITY_TEXTS.imageReducing : USER_ENTITY_TEXTS.imageLimit(DEFAULT_UPLOAD_LIMIT_MB, USER_IMAGE_MAX_PX)}
        accept="image/*"
        clearable
        disabled={reducing}
        value={value}
        error={error}
        onChange={(file) => {
          if (file && !isImageFile(file)) {
            setError(USER_ENTITY_TEXTS.imageRefused);
            alertWarning(USER_ENTITY_TEXTS.imageUnsupported(file.type));
            onChange(null);
            return;
          }
          setError(null);
          if (file) void choose(file);
          else onChange(null);
        }}
      />
    </Group>
  );
}
