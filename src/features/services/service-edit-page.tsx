/**
 * A service's page: 'Serviço / Adicionar' at /admin/servicos/novo, the edit
 * page at /admin/servicos/{id or local key} with 'Novo serviço'. Card 'Dados
 * cadastrais' with Nome and Preço (R$), Salvar and Deletar; after the first
 * save the service's equipment list with '+ Novo equipamento'. Saving writes
 * the device's store (the engine sends it later) and opens
 * /admin/servicos/{id}.
 */
import { NamePriceEditPage } from '@/ui/edit-page';
import { EquipmentLinesSection } from '@/entities/equipment';
import { SERVICE_ROUTES } from './service-routes';
import { SERVICE_TEXTS } from './service-texts';

export function ServiceEditPage({ serviceId }: { serviceId?: string }) {
  return (
    <NamePriceEditPage
      resource="services"
      param={serviceId}
      texts={SERVICE_TEXTS}
      routes={SERVICE_ROUTES}
      after={(service) => <EquipmentLinesSection resource="service_equipments" parentKeyField="service_key" parentKey={service.key} />}
    />
  );
}
