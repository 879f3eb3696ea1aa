/**
 * The user image input accepts images only (spec section 5): another type
 * is refused at the field with 'Você não pode enviar arquivos desse tipo.'
 * and the warning 'Tipo de arquivo não suportado: {type}', and nothing is
 * chosen; an image is handed to the form.
 */
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UserImageInput } from '@/entities/user';
import { renderWithProviders } from '../../support/render';

function Harness({ onChange }: { onChange: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <UserImageInput
      label="Imagem"
      value={file}
      onChange={(next) => {
        setFile(next);
        onChange(next);
      }}
    />
  );
}

function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('user image input', () => {
  it('refuses a file that is not an image, and takes an image', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<Harness onChange={onChange} />, { notifications: true });
    choose(new File(['olá'], 'notas.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Você não pode enviar arquivos desse tipo.')).toBeInTheDocument();
    expect(await screen.findByText('Tipo de arquivo não suportado: text/plain')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);

    const image = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'foto.jpg', { type: 'image/jpeg' });
    choose(image);
    expect(onChange).toHaveBeenLastCalledWith(image);
    expect(screen.queryByText('Você não pode enviar arquivos desse tipo.')).toBeNull();
  });
});
