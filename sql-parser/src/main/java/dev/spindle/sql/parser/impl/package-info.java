/**
 * The parser JavaCC generates from Calcite's {@code Parser.jj} extended by
 * {@code src/main/codegen} ({@code config.fmpp}, {@code includes/parserImpls.ftl},
 * {@code includes/tokenManagerDeclarations.ftl}): {@code SpindleSqlParserImpl} and its
 * {@code FACTORY}, for {@code SqlParser.Config.withParserFactory}. No hand-written class lives
 * here; the sources are under {@code target/generated-sources/javacc}.
 *
 * <p>A parser instance is not thread-safe and parses one text: make one per call (as
 * {@code SqlParser.create} does). The generated code uses Calcite and the statement packages
 * ({@code ddl}, {@code txn}, {@code query}, {@code show}); it must not use the facade
 * ({@code dev.spindle.sql.parser}) nor any Spindle module.
 */
package dev.spindle.sql.parser.impl;
