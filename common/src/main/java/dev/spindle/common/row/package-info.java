/**
 * Rows: {@link dev.spindle.common.row.Row}, an immutable tuple in a packed, order-preserving
 * byte encoding ({@link dev.spindle.common.row.RowCodec}, datum kinds in
 * {@link dev.spindle.common.row.DatumKind}), its builder, and
 * {@link dev.spindle.common.row.PackedRows}, many rows with counts in one byte slab.
 *
 * <p>The encoding is the contract other layers lean on: byte order is tuple order, datums are
 * self-delimiting, so arrangements store rows in slabs and compare them with
 * {@code Arrays.compareUnsigned}, and keys are cut out by copying byte ranges. Changing it is a
 * storage-format change. Depends on nothing but the JDK; must not use any other Spindle package
 * (not even {@code common.type}: a row knows datum kinds, not column types).
 */
package dev.spindle.common.row;
