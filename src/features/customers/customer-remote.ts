/**
 * The customers area's call that is not a synced record: the new-files
 * e-mail ('Notificar por e-mail', `POST api/customer/{id}/send/email`). It
 * needs a connection; the route builds this from the app's API client, tests
 * pass their own. The template it starts from is the setting
 * `message_sendMessageNewFilesUpload`, read from the device's settings.
 */
import { messageResponseSchema } from '@sync/contract/customers';
import type { ApiClient } from '@sync/react';

export const NEW_FILES_TEMPLATE_OPTION = 'message_sendMessageNewFilesUpload';

export interface CustomerRemote {
  /** Sends the e-mail; resolves to the server's success message. */
  notifyNewFiles(customerId: number, input: { email: string | null; message: string | null }): Promise<string>;
}

export function customerRemote(api: ApiClient): CustomerRemote {
  return {
    async notifyNewFiles(customerId, input) {
      const answer = await api.request('post', `api/customer/${customerId}/send/email`, messageResponseSchema, { json: input });
      return answer.message;
    },
  };
}
