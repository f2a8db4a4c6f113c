import { register } from 'node:module';

register('./refuse-bundlers.mjs', import.meta.url);
