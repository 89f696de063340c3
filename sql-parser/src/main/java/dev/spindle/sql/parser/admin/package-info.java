/**
 * Administrative statements: {@code CHECKPOINT}.
 */
package dev.spindle.sql.parser.admin;
