/**
 * The direct parser: a hand-written reader of the common statements (queries, INSERT ...
 * VALUES, DELETE, DROP, CREATE INDEX) that builds exactly
 * the tree Calcite's generated parser builds for them ({@link
 * dev.spindle.sql.parser.direct.DirectParser}), its tokens and keyword lists, and the
 * comparison of two parse trees, positions included, that checks it ({@link
 * dev.spindle.sql.parser.direct.SqlTrees}). Uses Calcite's {@code sql} packages, the generated
 * parser's keyword lists ({@code impl}) and {@code query}'s power operator; used by
 * {@code Parsing}, which gives it each text first and the generated parser what it leaves.
 */
package dev.spindle.sql.parser.direct;
