/**
 * The permission modules: one per admin area of the spec. A role (department)
 * switches modules on or off; a route on the server declares the module it
 * belongs to, and the navigation shows only the modules the user has.
 * Administrators (user type 1) have every module.
 */
export const MODULES = [
  { slug: 'dashboard', name: 'Visão Global', description: 'Painel com estatísticas de orçamentos' },
  { slug: 'customers', name: 'Clientes', description: 'Clientes, endereços, contatos e anexos' },
  { slug: 'quotations', name: 'Orçamentos', description: 'Orçamentos, envio e impressão' },
  { slug: 'samples', name: 'Amostras', description: 'Amostragens e resultados' },
  { slug: 'products', name: 'Agentes', description: 'Agentes (produtos) e tipos' },
  { slug: 'services', name: 'Serviços', description: 'Serviços' },
  { slug: 'costs', name: 'Custos', description: 'Custos' },
  { slug: 'equipment', name: 'Equipamentos', description: 'Equipamentos e categorias' },
  { slug: 'users', name: 'Usuários', description: 'Usuários e seus clientes' },
  { slug: 'settings', name: 'Configurações', description: 'Configurações da empresa, textos e resultados' },
] as const;

export type ModuleSlug = (typeof MODULES)[number]['slug'];

export const MODULE_SLUGS = MODULES.map((m) => m.slug) as ModuleSlug[];

/** User type 1 is the administrator; 2 (Geral) is everyone else. */
export const ADMIN_USER_TYPE_ID = 1;
export const GENERAL_USER_TYPE_ID = 2;

/** The role slug that marks a customer-type user. */
export const CUSTOMER_ROLE_SLUG = 'cliente';
