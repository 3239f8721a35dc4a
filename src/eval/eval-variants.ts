/**
 * The variants an eval runs: each protocol the model supports (`native` only when it calls tools
 * natively), and for a model that samples under a grammar (`llama:`) each text protocol twice, with
 * the grammar (`json+grammar`) and without (`json`). A variant without the grammar runs the same
 * model with the requests' `constraint` left out (`withoutGrammar`), so the weights load once.
 */
import { ConfigError } from '../errors/config-error.ts';
import { protocolNames } from '../protocols/protocol-names.ts';
import type { EvalVariant } from '../spec/eval-report.ts';
import type { Model, ModelRequest } from '../spec/model.ts';

const GRAMMAR_SUFFIX = '+grammar';

/** True for models that constrain sampling by the request's `constraint` (the embedded llama.cpp model). */
function samplesUnderGrammar(model: Pick<Model, 'provider'>): boolean {
  return model.provider === 'llama';
}

/** Every variant the model supports, in protocol order. */
export function supportedVariants(model: Pick<Model, 'provider' | 'supportsTools'>): EvalVariant[] {
  const variants: EvalVariant[] = [];
  for (const protocol of protocolNames) {
    if (protocol === 'native') {
      if (model.supportsTools) variants.push({ id: 'native', protocol, grammar: false });
      continue;
    }
    if (samplesUnderGrammar(model)) variants.push({ id: `${protocol}${GRAMMAR_SUFFIX}`, protocol, grammar: true });
    variants.push({ id: protocol, protocol, grammar: false });
  }
  return variants;
}

/**
 * The variants named in `wanted` (protocol names, or `<protocol>+grammar`), in protocol order; a
 * protocol name alone means both grammar variants where the model has them. Undefined or empty: all.
 * @throws ConfigError for a name that is no protocol or that the model does not support
 */
export function chooseVariants(model: Pick<Model, 'provider' | 'supportsTools'>, wanted?: readonly string[]): EvalVariant[] {
  const supported = supportedVariants(model);
  if (!wanted || wanted.length === 0) return supported;
  const chosen = new Set<string>();
  for (const name of wanted) {
    const protocol = name.endsWith(GRAMMAR_SUFFIX) ? name.slice(0, -GRAMMAR_SUFFIX.length) : name;
    if (!(protocolNames as readonly string[]).includes(protocol)) {
      throw new ConfigError(`Unknown protocol \`${name.slice(0, 40)}\` for the eval.`, { hint: `Use some of: ${supported.map((variant) => variant.id).join(', ')}.` });
    }
    const matching = supported.filter((variant) => (name === protocol ? variant.protocol === protocol : variant.id === name));
    if (matching.length === 0) {
      const why = protocol === 'native' ? 'the model has no native tool calling' : 'the model samples under no grammar';
      throw new ConfigError(`The eval cannot run \`${name}\`: ${why}.`, { hint: `Use some of: ${supported.map((variant) => variant.id).join(', ')}.` });
    }
    for (const variant of matching) chosen.add(variant.id);
  }
  return supported.filter((variant) => chosen.has(variant.id));
}

/** The model a variant runs: the model itself, or for a grammar model without the grammar, one that drops `constraint`. */
export function modelForVariant(model: Model, variant: EvalVariant): Model {
  return samplesUnderGrammar(model) && !variant.grammar ? withoutGrammar(model) : model;
}

/** The same model, sampling freely: every request goes out without its `constraint`. */
export function withoutGrammar(model: Model): Model {
  const free = ({ constraint: _constraint, ...request }: ModelRequest): ModelRequest => request;
  const stream = model.stream;
  return {
    provider: model.provider,
    modelId: model.modelId,
    supportsTools: model.supportsTools,
    generate: (request) => model.generate(free(request)),
    ...(stream ? { stream: (request: ModelRequest) => stream.call(model, free(request)) } : {}),
  };
}
