/**
 * The global progress indicator (spec section 2): a thin bar across the top
 * of the window while any API call runs. It appears only after a short
 * delay, so fast calls do not make it flicker.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useRuntime } from '../runtime-context';
import classes from './top-progress-bar.module.css';

const SHOW_AFTER_MS = 150;

export function TopProgressBar() {
  const { activity } = useRuntime();
  const active = useSyncExternalStore(activity.subscribe, activity.getActiveCount, activity.getActiveCount);
  const busy = active > 0;
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!visible) return null;
  return (
    <div className={classes.track} role="progressbar" aria-label="Carregando" data-testid="global-progress">
      <div className={classes.bar} />
    </div>
  );
}
