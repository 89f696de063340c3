/**
 * The compute protocol (DESIGN §2): {@link dev.spindle.compute.protocol.ComputeCommand}s the
 * controller sends to a runtime and {@link dev.spindle.compute.protocol.ComputeResponse}s its
 * workers send back, as plain serializable records with visitors, and the
 * {@link dev.spindle.compute.protocol.ProtocolCodec} that turns them into bytes. Plain data only:
 * it uses plan, peek and common value types and must not use runtimes, workers, operators,
 * arrangements or the controller.
 */
package dev.spindle.compute.protocol;
