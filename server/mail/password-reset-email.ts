/**
 * The password recovery e-mail: a link to the PWA's recover-password page
 * carrying the single-use token.
 */
import type { MailMessage } from './mailer';

export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/public/recover-password/${encodeURIComponent(token)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function passwordResetEmail(input: { to: string; name: string; link: string; validMinutes: number }): MailMessage {
  const { to, name, link, validMinutes } = input;
  const text = [
    `Olá, ${name}!`,
    '',
    'Recebemos um pedido para redefinir a senha da sua conta.',
    'Para criar uma nova senha, acesse o link abaixo:',
    '',
    link,
    '',
    `O link vale por ${validMinutes} minutos e só pode ser usado uma vez.`,
    'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(name)}!</p>
<p>Recebemos um pedido para redefinir a senha da sua conta.</p>
<p><a href="${escapeHtml(link)}">Criar uma nova senha</a></p>
<p>Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(link)}</p>
<p>O link vale por ${validMinutes} minutos e só pode ser usado uma vez.
Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.</p>`;
  return { to, subject: 'Redefinição de senha', text, html };
}
