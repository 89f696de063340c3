/**
 * The compute controller: the command/response boundary of DESIGN §2 between the coordinator and
 * the compute runtimes (dataflows, compaction, peeks). Issue 4 adds runtime roles and routing
 * between a maintenance and an interactive runtime here.
 */
package dev.spindle.compute.controller;
