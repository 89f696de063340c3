/**
 * Spindle's time model (DESIGN.md §1, §4): {@link dev.spindle.common.time.Timestamp} and
 * {@link dev.spindle.common.time.Frontier}.
 *
 * <p>Times are totally ordered {@code long}s, so a frontier is one time or empty. A frontier is
 * never passed as a bare {@code long}: the type carries which side of the bound is sealed. Depends
 * on nothing but the JDK; must not use any other Spindle package.
 */
package dev.spindle.common.time;
