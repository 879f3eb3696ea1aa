/**
 * All of Mantine's styles (core, dates, notifications), imported by the
 * code of the pages beyond the login page (the admin layout, the password
 * pages), so they arrive with that code instead of blocking the first
 * paint. The rules of src/app/styles/base-styles.ts come again here, in
 * Mantine's own order, so the cascade is the same as with one file.
 * Imported from component modules, never from a route file: a route file's
 * imports stay in the main bundle.
 */
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
