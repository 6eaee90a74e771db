/**
 * Says in one sentence why ONNX Runtime refused a model, naming the kind of problem an operator
 * can act on: an operator the CPU provider does not implement, a provider, memory, a bad file.
 */
export function explainLoadFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const operator = /Could not find an implementation for (\S+?)\((\d+)\) node/.exec(message);
  if (operator) {
    return `unsupported operator ${operator[1]} (opset ${operator[2]}): ONNX Runtime's CPU provider has no kernel for it — this export targets a GPU provider; use a CPU (fp32/int8, standard operators) export. (${message})`;
  }
  if (
    /No opset import for domain|not a registered function\/op|Unrecognized attribute/i.test(message)
  ) {
    return `unsupported operator or domain for the CPU provider (${message})`;
  }
  if (
    /bad_alloc|Failed to allocate|out of memory|std::length_error|Cannot allocate/i.test(message)
  ) {
    return `not enough memory to load it (${message}); free memory or use a smaller (int8) model`;
  }
  if (/provider/i.test(message)) return `execution provider problem (${message})`;
  if (/protobuf|parsing|Load model .* failed|invalid model|ModelProto/i.test(message)) {
    return `the file is not a readable ONNX model (${message}); pull it again`;
  }
  return message;
}
