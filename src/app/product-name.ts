/**
 * The product's name as the screens show it. A module of its own so the
 * public pages can show it without importing the admin layout (and with it
 * the admin area's code).
 */
export const PRODUCT_NAME = 'Higiene Ocupacional';
