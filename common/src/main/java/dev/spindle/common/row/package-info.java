/**
 * Rows: {@link dev.spindle.common.row.Row}, an immutable tuple in a packed, order-preserving
 * byte encoding ({@link dev.spindle.common.row.RowCodec}), and its builder.
 *
 * <p>The encoding is the contract other layers lean on: byte order is tuple order, datums are
 * self-delimiting, so arrangements store rows in slabs and compare them with
 * {@code Arrays.compareUnsigned}, and keys are cut out by copying byte ranges. Changing it is a
 * storage-format change. This package depends on nothing but the JDK.
 */
package dev.spindle.common.row;
