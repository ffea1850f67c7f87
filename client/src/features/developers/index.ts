export { ApiKeysPanel } from './components/api-keys-panel';
export { CodeBlock } from './components/code-block';
export { API_EXAMPLES, setupBlock } from './model/examples';
