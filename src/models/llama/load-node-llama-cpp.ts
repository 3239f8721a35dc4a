/**
 * Loads the optional peer dependency `node-llama-cpp` on first use of a `llama:` model. A missing
 * package is a ModelConfigError that says how to install it; reins itself never needs it.
 */
import { ModelConfigError } from '../../errors/model-config-error.ts';

export type NodeLlamaCpp = typeof import('node-llama-cpp');

/** The install command named by the error. */
const NODE_LLAMA_CPP_INSTALL = 'npm install node-llama-cpp@3';

export async function loadNodeLlamaCpp(
  modelString: string,
  importPackage: () => Promise<NodeLlamaCpp> = () => import('node-llama-cpp'),
): Promise<NodeLlamaCpp> {
  try {
    return await importPackage();
  } catch (cause) {
    const code = (cause as { code?: unknown } | undefined)?.code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw cause;
    throw new ModelConfigError(`\`${modelString}\` runs the model in process with node-llama-cpp, which is not installed`, {
      kind: 'missing-package',
      modelString,
      hint: `install it next to reins: ${NODE_LLAMA_CPP_INSTALL}`,
      cause,
    });
  }
}
