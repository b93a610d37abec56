// The engines' one error class lives in the contract (packages/contract/src/engine-error.ts), so
// @tcm/research throws the same class without depending on the engines.
export { EngineError, isEngineError } from '@tcm/contract';
