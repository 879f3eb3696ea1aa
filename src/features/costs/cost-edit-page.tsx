/**
 * A cost's page: 'Custo / Adicionar' at /admin/custos/novo, the edit page at
 * /admin/custos/{id or local key} with 'Novo custo'. Card 'Dados cadastrais'
 * with Nome and Preço (R$), Salvar and Deletar. Saving writes the device's
 * store (the engine sends it later) and opens the cost's edit page.
 */
import { NamePriceEditPage } from '@/ui/edit-page';
import { COST_ROUTES } from './cost-routes';
import { COST_TEXTS } from './cost-texts';

export function CostEditPage({ costId }: { costId?: string }) {
  return <NamePriceEditPage resource="costs" param={costId} texts={COST_TEXTS} routes={COST_ROUTES} />;
}
