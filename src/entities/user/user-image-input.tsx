/**
 * The image of a user (users form, profile): images only (spec section 5:
 * another type is refused with 'Você não pode enviar arquivos desse tipo.'
 * and the warning 'Tipo de arquivo não suportado: {type}'); the chosen file
 * or the current image is previewed. The server re-encodes it to JPEG.
 */
import { useEffect, useState } from 'react';
import { Avatar, FileInput, Group } from '@mantine/core';
import { alertWarning } from '@/ui/alerts';
import { USER_ENTITY_TEXTS } from './user-texts';

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

export function UserImageInput({ label, placeholder, value, onChange, currentUrl }: UserImageInputProps) {
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  return (
    <Group align="flex-end" gap="md" wrap="nowrap">
      <Avatar src={preview ?? currentUrl ?? null} size={56} radius="xl" color="cyan" alt="" />
      <FileInput
        style={{ flex: 1 }}
        label={label}
        placeholder={placeholder}
        accept="image/*"
        clearable
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
          onChange(file);
        }}
      />
    </Group>
  );
}
