import { printComparison } from './compare.js';

printComparison();
