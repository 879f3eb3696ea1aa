/**
 * The upload queue's progress for every page (issue 26): 'Enviando 12 de 40
 * fotos, 3,1 de 11,3 MB' under the header's sync status, with the bytes
 * sent as a bar behind the words, while uploads wait and the device is
 * online (offline, the header already says 'Offline · n pendentes', and
 * nothing is being sent). Mounted inside the header
 * (docs/decisions/push-order.md for where and why).
 */
import { useSyncStatus, useUploadQueue, type UploadQueueFigure } from '@sync/react';
import classes from './upload-progress.module.css';
import { uploadProgressPercent, uploadProgressText } from './upload-progress-text';

export function UploadProgress() {
  const queue = useUploadQueue();
  const status = useSyncStatus();
  if (queue.loading || queue.figure === null || status.loading || !status.online) return null;
  return <UploadProgressStrip figure={queue.figure} />;
}

export function UploadProgressStrip({ figure }: { figure: UploadQueueFigure }) {
  const text = uploadProgressText(figure);
  const percent = uploadProgressPercent(figure);
  return (
    <div
      className={classes.strip}
      role="progressbar"
      aria-label={figure.photos ? 'Envio das fotos' : 'Envio dos arquivos'}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={text}
      data-testid="upload-progress"
    >
      <div className={classes.fill} style={{ width: `${percent}%` }} />
      <span className={classes.text}>{text}</span>
    </div>
  );
}
