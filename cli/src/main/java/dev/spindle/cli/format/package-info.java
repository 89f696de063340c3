/**
 * Results as the shell prints them: {@link dev.spindle.cli.format.ResultData} (a result set read
 * into strings, NULL kept apart from text) written as an aligned table, expanded records, CSV or
 * JSON.
 *
 * <p>Uses no JDBC and no terminal (only JLine's character widths); every formatter is
 * stateless and thread-safe.
 */
package dev.spindle.cli.format;
