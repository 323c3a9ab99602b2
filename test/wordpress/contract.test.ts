import { defineContractSuite } from '../contract/check.js';
import { contractTarget } from './site.js';

defineContractSuite('the real WordPress 6.1 answers as the REST contract says', () => contractTarget());
