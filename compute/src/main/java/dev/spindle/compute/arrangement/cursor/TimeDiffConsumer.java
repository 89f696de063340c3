package dev.spindle.compute.arrangement.cursor;

/** Receives the {@code (time, diff)} updates of one {@code (key, val)} from a {@link Cursor}. */
@FunctionalInterface
public interface TimeDiffConsumer {
    /**
     * One update of the current {@code (key, val)}.
     *
     * @param time the update's time (already advanced by its batch's since)
     * @param diff the change in multiplicity, never zero
     */
    void accept(long time, long diff);
}
