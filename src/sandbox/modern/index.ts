// The modern interface's route table, relative to `/api`.
import { Router } from '../router.js';
import { registerAccountRoutes } from './account.js';
import { registerCampaignRoutes } from './campaigns.js';
import { registerCatalogRoutes } from './catalog.js';
import { registerChannelRoutes } from './channels.js';
import { registerDomainRoutes } from './domains.js';
import { registerLinkRoutes } from './links.js';
import { registerPixelRoutes } from './pixels.js';
import { registerQrRoutes } from './qr.js';

export function createModernRouter(): Router {
  const router = new Router();
  registerAccountRoutes(router);
  registerDomainRoutes(router);
  registerCatalogRoutes(router);
  registerCampaignRoutes(router);
  registerChannelRoutes(router);
  registerLinkRoutes(router);
  registerPixelRoutes(router);
  registerQrRoutes(router);
  return router;
}
