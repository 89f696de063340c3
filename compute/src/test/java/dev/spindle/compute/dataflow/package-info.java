/** Tests of the dataflow plumbing: a worker's waker. */
package dev.spindle.compute.dataflow;
