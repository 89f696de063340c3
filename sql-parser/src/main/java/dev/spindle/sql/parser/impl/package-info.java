/**
 * The parser JavaCC generates from Calcite's {@code Parser.jj} extended by
 * {@code src/main/codegen} ({@code config.fmpp}, {@code includes/parserImpls.ftl},
 * {@code includes/tokenManagerDeclarations.ftl}): {@code SpindleSqlParserImpl} and its
 * {@code FACTORY}, for {@code SqlParser.Config.withParserFactory}, generated under
 * {@code target/generated-sources/javacc} (and given faster look-ahead by the build step
 * {@code src/build/TokenChainGuards.java}); one hand-written class, {@link
 * dev.spindle.sql.parser.impl.ParserReuse}, which readies a parser for another text.
 *
 * <p>A parser instance is not thread-safe and parses one text at a time: make one per call (as
 * {@code SqlParser.create} does) or, after a successful parse, ready it again with
 * {@code ParserReuse}. The generated code uses Calcite and the statement packages
 * ({@code ddl}, {@code txn}, {@code query}, {@code show}); it must not use the facade
 * ({@code dev.spindle.sql.parser}) nor any Spindle module.
 */
package dev.spindle.sql.parser.impl;
