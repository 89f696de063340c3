package dev.spindle.compute.interp;

/**
 * One evaluated plan node at the read time: its rows ({@code oks}) and its error rows
 * ({@code errs}, encoded by {@code EvalErrors}, with counts), as the rendered node's two streams
 * accumulate to at that time. Errors of inputs are carried into outputs exactly as the renderer
 * unions them, so the export's {@code errs} holds what the transient index's would.
 */
record Coll(RowList oks, RowList errs) {
}
