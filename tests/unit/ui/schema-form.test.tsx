/**
 * The schema-driven form: a small form on a contract-like schema shows the
 * schema's messages at the fields and keeps what was typed, gives the saved
 * output, limits inputs to the contract's max length, shows the store's
 * validation messages at the fields (renamed where the form names a field
 * otherwise) and knows when something changed. The typed-text fields and
 * the max-length reading as tables. The uncontrolled mode (the quotation's):
 * a value stored with `setValue` re-renders what watches it, never the
 * form's holder, not even when the field turns dirty and back; a watched
 * row hears its list replaced; a schema from a hand-written read gives its
 * messages at their paths.
 */
import { memo } from 'react';
import { Button, TextInput } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateText, maxLengthAt, maxLengthOf, moneyText, optionalText, readSchema, type SchemaForm, type SchemaRead, useSchemaForm } from '@/ui/forms';
import { SyncError } from '@sync/engine/errors';
import { renderWithProviders } from '../support/render';

const contract = z.object({
  name: z.string().trim().min(1, 'Nome é obrigatório').max(20),
  code: z.string().trim().max(8).nullish(),
  due: z.string().nullish(),
  price: z.number({ error: 'Preço é obrigatório' }).nonnegative(),
});
const schema = contract.extend({
  code: optionalText(contract.shape.code),
  due: dateText(contract.shape.due),
  price: moneyText(contract.shape.price),
});
type Values = z.input<typeof schema>;

function Harness({ initial, onRead, saveError }: { initial: Values; onRead: (read: SchemaRead<typeof schema>) => void; saveError?: unknown }) {
  const form = useSchemaForm(schema, initial, { fieldNames: { price_cents: 'price' } });
  return (
    <>
      <TextInput label="Nome" {...form.field('name')} />
      <TextInput label="Código" {...form.field('code')} />
      <TextInput label="Vencimento" {...form.field('due')} />
      <TextInput label="Preço" {...form.field('price')} />
      <span data-testid="dirty">{form.dirty ? 'sim' : 'não'}</span>
      <Button onClick={() => onRead(form.read())}>Salvar</Button>
      <Button onClick={() => form.showSaveError(saveError)}>Falhar</Button>
    </>
  );
}

const blank: Values = { name: '', code: '', due: '', price: '' };
const input = (label: string) => screen.getByRole<HTMLInputElement>('textbox', { name: label });

describe('useSchemaForm', () => {
  it('shows the schema messages at the fields, keeps the text, then gives the output', async () => {
    const reads: SchemaRead<typeof schema>[] = [];
    await renderWithProviders(<Harness initial={blank} onRead={(read) => reads.push(read)} />);
    fireEvent.change(input('Vencimento'), { target: { value: '31/02/2030' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    // The messages come with the read itself (a toast shown at once cannot wait for the next render's `errors`).
    expect(reads.at(-1)).toEqual({
      ok: false,
      errors: { name: 'Nome é obrigatório', due: 'Data inválida', price: 'Preço é obrigatório' },
    });
    expect(screen.getByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Data inválida')).toBeInTheDocument();
    expect(screen.getByText('Preço é obrigatório')).toBeInTheDocument();
    expect(input('Vencimento').value).toBe('31/02/2030');

    // Typing in a field clears its message only.
    fireEvent.change(input('Nome'), { target: { value: '  Bomba  ' } });
    expect(screen.queryByText('Nome é obrigatório')).not.toBeInTheDocument();
    expect(screen.getByText('Data inválida')).toBeInTheDocument();

    fireEvent.change(input('Vencimento'), { target: { value: '15/03/2030' } });
    fireEvent.change(input('Preço'), { target: { value: '1.234,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(reads.at(-1)).toEqual({ ok: true, output: { name: 'Bomba', code: null, due: '2030-03-15', price: 1234.5 } });
  });

  it('limits inputs to the contract max length and names them by field', async () => {
    await renderWithProviders(<Harness initial={blank} onRead={() => {}} />);
    expect(input('Nome')).toHaveAttribute('maxlength', '20');
    expect(input('Código')).toHaveAttribute('maxlength', '8');
    expect(input('Preço')).not.toHaveAttribute('maxlength');
    expect(input('Código')).toHaveAttribute('name', 'code');
  });

  it('shows the store validation messages at the fields, renamed where the form names them otherwise', async () => {
    const error = SyncError.of('validation', undefined, {
      fields: { name: ['Já existe um registro com esse nome'], price_cents: ['Preço muito alto'] },
    });
    await renderWithProviders(<Harness initial={blank} onRead={() => {}} saveError={error} />);
    fireEvent.click(screen.getByRole('button', { name: 'Falhar' }));
    expect(screen.getByText('Já existe um registro com esse nome')).toBeInTheDocument();
    expect(screen.getByText('Preço muito alto')).toBeInTheDocument();
  });

  it('is dirty once a value differs from the one it was filled with', async () => {
    await renderWithProviders(<Harness initial={{ ...blank, name: 'Bomba' }} onRead={() => {}} />);
    expect(screen.getByTestId('dirty')).toHaveTextContent('não');
    fireEvent.change(input('Nome'), { target: { value: 'Bomba 2' } });
    expect(screen.getByTestId('dirty')).toHaveTextContent('sim');
    fireEvent.change(input('Nome'), { target: { value: 'Bomba' } });
    expect(screen.getByTestId('dirty')).toHaveTextContent('não');
  });
});

function WholeFormRule() {
  const schema = z.object({ from: z.string(), to: z.string() }).refine((range) => range.from <= range.to, 'O início deve ser antes do fim');
  const form = useSchemaForm(schema, { from: 'b', to: 'a' });
  return (
    <>
      <Button onClick={() => form.read()}>Salvar</Button>
      {form.formError ? <p role="alert">{form.formError}</p> : null}
    </>
  );
}

describe('a rule about the whole form', () => {
  it('refuses the read and gives its message for an alert', async () => {
    await renderWithProviders(<WholeFormRule />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('O início deve ser antes do fim');
  });
});

type Lines = { lines: Array<{ qty: string }> };
const linesSchema = readSchema((values: Lines) => {
  const bad = values.lines.findIndex((line) => !/^\d+$/.test(line.qty));
  return bad < 0
    ? { ok: true, fields: values.lines.map((line) => Number(line.qty)) }
    : { ok: false, errors: { [`lines.${bad}.qty`]: 'Quantidade inválida' } };
});
const renders = { holder: 0, row: 0 };

/** One line, following its own value (as a quotation row does). */
const Row = memo(function Row({ form }: { form: SchemaForm<typeof linesSchema>['form'] }) {
  renders.row += 1;
  const line = form.useWatchValue('lines.0') as { qty: string };
  return <span data-testid="row">{line.qty}</span>;
});

function Uncontrolled({ onRead }: { onRead: (read: SchemaRead<typeof linesSchema>) => void }) {
  renders.holder += 1;
  const form = useSchemaForm(linesSchema, { lines: [{ qty: '1' }] }, { mode: 'uncontrolled' });
  const error = form.form.errors['lines.0.qty'];
  return (
    <>
      <Row form={form.form} />
      <TextInput label="Qtd." defaultValue="1" onChange={(event) => form.setValue('lines.0.qty', event.currentTarget.value)} error={error} />
      <Button onClick={() => form.form.setFieldValue('lines', [{ qty: '7' }])}>Trocar</Button>
      <Button onClick={() => onRead(form.read())}>Salvar</Button>
    </>
  );
}

describe('the uncontrolled mode', () => {
  it('re-renders what watches a value, not the holder, also when the field turns dirty and clean again', async () => {
    const reads: SchemaRead<typeof linesSchema>[] = [];
    renders.holder = 0;
    renders.row = 0;
    await renderWithProviders(<Uncontrolled onRead={(read) => reads.push(read)} />);
    const holderAtStart = renders.holder;
    for (const text of ['12', '1', '12', '1', 'x']) fireEvent.change(input('Qtd.'), { target: { value: text } });
    expect(screen.getByTestId('row')).toHaveTextContent('x');
    expect(renders.holder).toBe(holderAtStart);
    expect(renders.row).toBeGreaterThan(1);

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(reads.at(-1)).toEqual({ ok: false, errors: { 'lines.0.qty': 'Quantidade inválida' } });
    expect(screen.getByText('Quantidade inválida')).toBeInTheDocument();
    fireEvent.change(input('Qtd.'), { target: { value: '3' } });
    expect(screen.queryByText('Quantidade inválida')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(reads.at(-1)).toEqual({ ok: true, output: [3] });
  });

  it('lets a watched row hear its list replaced', async () => {
    await renderWithProviders(<Uncontrolled onRead={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Trocar' }));
    expect(screen.getByTestId('row')).toHaveTextContent('7');
  });
});

describe('typed-text fields', () => {
  it.each([
    [optionalText(z.string().nullish()), '  x  ', { success: true, data: 'x' }],
    [optionalText(z.string().nullish()), '   ', { success: true, data: null }],
    [optionalText(z.string().max(3).nullish()), 'abcd', { success: false }],
    [dateText(z.string().nullish()), '', { success: true, data: null }],
    [dateText(z.string().nullish()), '29/02/2028', { success: true, data: '2028-02-29' }],
    [dateText(z.string().nullish()), '29/02/2027', { success: false, message: 'Data inválida' }],
    [moneyText(z.number().nullable()), 'R$ 10,50', { success: true, data: 10.5 }],
    [moneyText(z.number().nullable()), '', { success: true, data: null }],
    [moneyText(z.number({ error: 'Preço é obrigatório' })), '', { success: false, message: 'Preço é obrigatório' }],
    [moneyText(z.number().nullable()), '-5', { success: false, message: 'O valor não pode ser negativo' }],
  ] as [z.ZodType, string, { success: boolean; data?: unknown; message?: string }][])('%#: %j', (field, text, expected) => {
    const result = field.safeParse(text);
    expect(result.success).toBe(expected.success);
    if (result.success) expect(result.data).toEqual(expected.data);
    else if (expected.message) expect(result.error.issues[0]?.message).toBe(expected.message);
  });

  it.each([
    [z.string(), undefined],
    [z.string().max(5), 5],
    [z.string().trim().max(5).nullish(), 5],
    [optionalText(z.string().max(7).nullish()), 7],
    [z.string().max(9).pipe(z.string().max(4)), 4],
    [z.number().max(5), undefined],
  ])('maxLengthOf %# → %j', (schema, expected) => {
    expect(maxLengthOf(schema)).toBe(expected);
  });

  const nested = z
    .object({
      name: z.string().max(20),
      points: z.array(z.object({ label: optionalText(z.string().max(10).nullish()) })).nullish(),
    })
    .transform((values) => values);
  it.each([
    ['name', 20],
    ['points.0.label', 10],
    ['points.12.label', 10],
    ['points.x.label', undefined],
    ['points.0.missing', undefined],
    ['missing', undefined],
  ])('maxLengthAt(%j) → %j, through objects, arrays and the input side of a pipe', (path, expected) => {
    expect(maxLengthAt(nested, path)).toBe(expected);
  });
});
