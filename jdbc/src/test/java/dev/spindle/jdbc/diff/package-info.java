/**
 * Differential testing through JDBC: random schemas, writes, indexes, views and queries run on
 * Spindle ({@code jdbc:spindle:mem:}) and on H2 in PostgreSQL mode, results compared as bags (or
 * in order when an ORDER BY orders them fully). Disagreements are settled by PostgreSQL's
 * semantics; shapes that H2's PostgreSQL mode answers wrongly are left out of the generator, each
 * with a comment naming the case. Also: concurrent connections checking strict serializability.
 */
package dev.spindle.jdbc.diff;
