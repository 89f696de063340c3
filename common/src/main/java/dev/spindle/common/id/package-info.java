/**
 * Identities of catalog and transient objects: {@link dev.spindle.common.id.GlobalId}, a kind
 * (system, user, transient) and a number, printed as {@code s3}, {@code u42}, {@code t7}.
 *
 * <p>Depends on nothing but the JDK; must not use any other Spindle package.
 */
package dev.spindle.common.id;
