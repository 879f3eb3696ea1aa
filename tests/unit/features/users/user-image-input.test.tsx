/**
 * The user image input accepts images only (spec section 5): another type
 * is refused at the field with 'Você não pode enviar arquivos desse tipo.'
 * and the warning 'Tipo de arquivo não suportado: {type}', and nothing is
 * chosen. An image is reduced on the device to a JPEG of at most 1024 px
 * (as sample photos are; issue 24: a 5 MB phone photo failed the whole save
 * with a 413) before it is handed to the form, and the field says the
 * limit. The reduction library is replaced (jsdom has no canvas).
 */
import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UserImageInput } from '@/entities/user';
import { renderWithProviders } from '../../support/render';

const compress = vi.hoisted(() => vi.fn());
vi.mock('browser-image-compression', () => ({ default: compress }));

const REDUCED = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
beforeEach(() => {
  compress.mockReset();
  compress.mockImplementation(async () => new Blob([REDUCED], { type: 'image/jpeg' }));
});

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

/** A phone photo's size: more than the server's 5 MB upload limit. */
const phonePhoto = () => new File([new Uint8Array(5_500_000)], 'IMG_2024.jpeg', { type: 'image/jpeg' });

describe('user image input', () => {
  it('refuses a file that is not an image, and takes an image', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<Harness onChange={onChange} />, { notifications: true });
    choose(new File(['olá'], 'notas.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Você não pode enviar arquivos desse tipo.')).toBeInTheDocument();
    expect(await screen.findByText('Tipo de arquivo não suportado: text/plain')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(compress).not.toHaveBeenCalled();

    choose(new File([new Uint8Array([0xff, 0xd8, 0xff])], 'foto.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'foto.jpg', type: 'image/jpeg' })));
    expect(screen.queryByText('Você não pode enviar arquivos desse tipo.')).toBeNull();
  });

  it('reduces a 5.5 MB phone photo to a small JPEG of at most 1024 px before the form gets it', async () => {
    const onChange = vi.fn();
    await renderWithProviders(<Harness onChange={onChange} />);
    choose(phonePhoto());
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const sent = onChange.mock.calls[0]![0] as File;
    expect(sent).toBeInstanceOf(File);
    expect(sent.name).toBe('IMG_2024.jpg');
    expect(sent.type).toBe('image/jpeg');
    expect(sent.size).toBe(REDUCED.length);
    expect(compress).toHaveBeenCalledTimes(1);
    expect(compress.mock.calls[0]![1]).toMatchObject({ maxWidthOrHeight: 1024, fileType: 'image/jpeg', useWebWorker: true });
    expect(compress.mock.calls[0]![1].maxSizeMB).toBeLessThan(0.4);
  });

  it('says the limit at the field', async () => {
    await renderWithProviders(<Harness onChange={vi.fn()} />);
    expect(screen.getByText('A imagem é reduzida neste aparelho (até 1024 px, JPEG) antes de ser enviada; o limite é de 5 MB.')).toBeInTheDocument();
  });

  it('a photo this browser cannot reduce: above the limit it is refused at the field, within it the original goes', async () => {
    compress.mockRejectedValue(new Error('The source image could not be decoded.'));
    const onChange = vi.fn();
    await renderWithProviders(<Harness onChange={onChange} />);
    choose(phonePhoto());
    expect(await screen.findByText(/^Erro ao processar imagem: Não foi possível ler a imagem/)).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);

    const small = new File([new Uint8Array(2_000)], 'pequena.jpg', { type: 'image/jpeg' });
    choose(small);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(small));
    expect(screen.queryByText(/^Erro ao processar imagem/)).toBeNull();
  });
});
