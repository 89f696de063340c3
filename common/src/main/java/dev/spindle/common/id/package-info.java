/** Identities of catalog and transient objects. Depends on nothing but the JDK. */
package dev.spindle.common.id;
