/**
 * The e-mail a new user gets when the administrator leaves 'send password
 * by e-mail' on (spec section 2, Users): the username, the password chosen
 * for them and the address of the app, with the advice to change it in the
 * profile. Also sent when an edit sets a new password with the toggle on.
 */
import type { MailMessage } from './mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function newUserPasswordEmail(input: { to: string; name: string; username: string; password: string; publicUrl: string }): MailMessage {
  const { to, name, username, password, publicUrl } = input;
  const loginUrl = `${publicUrl}/public/login`;
  const profileUrl = `${publicUrl}/admin/perfil`;
  const text = [
    `Olá, ${name}!`,
    '',
    'Seu acesso ao sistema foi criado. Para entrar, use:',
    '',
    `Usuário: ${username}`,
    `Senha: ${password}`,
    '',
    `Endereço: ${loginUrl}`,
    '',
    `Depois de entrar, troque a senha no seu perfil (${profileUrl}).`,
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(name)}!</p>
<p>Seu acesso ao sistema foi criado. Para entrar, use:</p>
<p>Usuário: <strong>${escapeHtml(username)}</strong><br>Senha: <strong>${escapeHtml(password)}</strong></p>
<p><a href="${escapeHtml(loginUrl)}">Entrar no sistema</a></p>
<p>Depois de entrar, troque a senha no seu perfil.</p>`;
  return { to, subject: 'Seu acesso ao sistema', text, html };
}
