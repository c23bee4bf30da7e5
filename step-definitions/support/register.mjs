// Lets cucumber-js import the TypeScript step definitions (and a TypeScript implementation under test).
import { register } from 'tsx/esm/api';

register();
