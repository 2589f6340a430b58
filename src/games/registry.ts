/**
 * Every game of the lab: one line per game, its folder's manifest (src/games/manifest.ts). Adding a
 * game is a folder under src/games/ named by its id (copy src/games/template/) and one line here;
 * src/registry.test.ts then names whatever the new folder still lacks.
 */
export { default as noThanks } from './no-thanks/manifest.js';
export { default as noThanksSpecials } from './no-thanks-specials/manifest.js';
export { default as sixNimmt } from './6-nimmt/manifest.js';
