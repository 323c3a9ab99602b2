/**
 * The entity table: static root configs and the loaders of dynamic kinds.
 *
 * @module
 */
export { BASE_FIELDS, createRootEntityConfigs } from './rootEntities.js';
export {
  ENTITY_LOADERS,
  loadPostTypeConfigs,
  loadTaxonomyConfigs,
  postTypeConfigFromRest,
  taxonomyConfigFromRest,
  type EntityLoader,
  type RestTypeDescription,
} from './loaders.js';
