/**
 * Stands in for src/net/onnx-session.ts in the browser bundle (src/web/build.ts swaps it in): the
 * net bots run models with onnxruntime's native library, which only Node has, and the page leaves
 * them out of its lists (AgentDefinition.nodeOnly), so nothing here is ever called.
 */
const nodeOnly = (): never => {
  throw new Error('models play only under Node (the nothanks commands), not in the browser');
};

export class ModelError extends Error {
  override name = 'ModelError';
}

export const openModel = nodeOnly;
export const checkModel = nodeOnly;
