package io.gpuasync.spi;

/**
 * The rules of a mapped line, in one catalogue: what {@link MappedLine} keeps for every vendor,
 * and what a vendor's {@link LineDriver} must do for it to keep them. The line's own property
 * test labels its invariants with these, and the conformance suite names its properties
 * ({@code required_line06_...}) and its failures ({@code line06: freed a page ...}) with their
 * {@link #id()}s, so a failure reads the same wherever it was found.
 *
 * <p>Ids are stable: a rule keeps its number, and a new rule takes the next one.
 */
public enum LineRule {
    ZEROED("line01", "a fresh line reads 0 in every word, whatever the driver's page held"),
    STORES_IN_ORDER("line02", "stores on one stream land in the order they were queued, each behind the work queued before it"),
    TICKET_DONE_WHEN_LANDED("line03", "a ticket is done exactly when its store has landed, never before, and stays done"),
    SETTLE_WAITS("line04", "settling waits for everything the line queued on its streams: every store and every device-side wait"),
    FOREIGN_STREAM_REFUSED("line05",
            "a stream of another domain is refused (FOREIGN_STREAM, -4), for a store and for a device-side wait, and queues nothing"),
    NO_FREE_UNDER_WORK("line06",
            "a page is never freed under work queued into it, and is freed while its domain is still retained, before that reference is released"),
    RELEASED_ONCE("line07",
            "every domain reference and every page is given back exactly once, unless the line is leaked, and the backend's own counts agree"),
    SLOT_ADDRESS("line08", "the device address of slot k is the line's base + 8k, and a store there moves only word k"),
    NO_INTERFERENCE("line09", "many lines, streams and slots at once do not interfere: each word counts its own stores"),
    FAILED_OPEN_ACQUIRES_NOTHING("line10", "a driver call that fails while a line is made leaves nothing of it acquired"),
    LEAK_KEPT_AND_REPORTED("line11",
            "a line that cannot settle, or whose close fails in the driver, keeps its page and its domain reference, ends LEAKED, "
                    + "reports the leak once with its reason, and a driver's failure reaches the closer"),
    SLOT_SERVES_ONE_STREAM("line12", "a slot serves one stream at a time, and its tickets count up by one"),
    WORD_NEVER_MOVES_BACK("line13", "a word never moves back, not even for a moment (compared as a wrap-safe sequence)"),
    HOST_VIEW_RETIRED("line14", "the host's view of a page is retired before the page is freed: a read after close fails cleanly"),
    SETTLE_BOUNDED("line15",
            "settle answers, true or false, and throws nothing; on a healthy domain within the line's bound; past the bound "
                    + "the line is LEAKED (SETTLE_TIMED_OUT) and close returns"),
    DEVICE_FAILURE_REPORTED("line16",
            "after a domain fails, checkHealth reports it (DEVICE_FAILED, the driver's status), so a wait on its line ends within a bound"),
    EVERY_DOMAIN("line17",
            "a line holds the domain current when it opened: it takes that domain's streams, refuses the others', "
                    + "and gives that domain's reference back whichever domain is current when it closes"),
    FAILURE_INSIDE_DRIVER("line18",
            "a driver call that fails after doing part of its work leaves nothing acquired: the driver undoes its part, the line the rest"),
    DEVICE_SIDE_WAIT("line19",
            "a device-side wait holds back what its stream runs after it until the word reached its value, "
                    + "and is settled before the page is freed"),
    WHOLE_64_BIT_VALUES("line20",
            "a store writes all 64 bits at once, so values across 2^32 and 2^63 land whole and never move back, "
                    + "and a device-side wait compares all 64 bits"),
    WAIT_REACHED_OR_PASSED("line21",
            "a device-side wait for a value the word has already passed lets its stream run on: it waits for reached-or-past, "
                    + "never for equal"),
    SETTLE_ONLY_ITS_STREAMS("line22",
            "settle waits for the streams it is given and only those: another owner's busy stream, of the line's domain or "
                    + "another, does not hold a close"),
    SETTLE_BY_ITS_DEADLINE("line23",
            "settle returns by the deadline it is given, even when the work it waits for can never end: no thread stays "
                    + "blocked in the driver past it"),
    WAITING_STREAM_KEEPS_PAGE("line24",
            "a line closed while a stream waits on its word, with nothing stored into it, keeps its page until that wait is over"),
    FAILED_STORE_SETTLED("line25", "a store the driver queued and then reported as failed is still settled before the page is freed"),
    HEALTH_OF_THE_DOMAIN_GIVEN("line26",
            "checkHealth reports the domain it is given, from any thread: that domain's failure, whichever domain (or none) "
                    + "is current, and only that domain's"),
    NO_CURRENT_NO_DOMAIN("line27",
            "with no domain current on the calling thread, opening a line fails NO_DOMAIN (-3) and acquires nothing: "
                    + "the driver never picks a default"),
    EACH_STREAM_BEHIND_ITS_WORK("line28",
            "a store from a second stream into a line lands behind that stream's own work, not on the stream of the line's "
                    + "earlier stores"),
    STORES_NEVER_MERGED("line29",
            "each store lands behind the work queued before it on its stream, even while an earlier store into the same slot "
                    + "is still queued: stores are never merged"),
    SETTLE_COVERS_RUNNING_WORK("line30",
            "settle covers the operation a stream is running (a device-side wait under way), not only what is still queued"),
    FAILURE_UNDONE_ONCE("line31",
            "a failure path inside the driver undoes its own work once, every time it runs, and touches nothing else: "
                    + "no other line's page or reference"),
    STORE_BEHIND_RUNNING_OPERATION("line32",
            "a store lands behind the operation its stream is running, also when nothing is queued behind that operation: "
                    + "a stream with an empty queue is not idle"),
    EARLIER_STORE_NOT_HELD_BACK("line33",
            "a store lands before what is queued after it on its stream, also when a later store into the same word is "
                    + "queued: it is never dropped for the later one, nor held back with it"),
    CURRENT_DOMAIN_PER_THREAD("line34",
            "the current domain is the calling thread's own: a line holds the domain its opening thread made current, "
                    + "whatever another thread made current since"),
    STORE_WAIT_NEVER_EARLY("line35",
            "a driver's own wait for stores returns true only once one of the stores it was given has landed, and returns "
                    + "true, not at its deadline, when one has"),
    STORE_WAIT_BY_DEADLINE("line36",
            "a driver's own wait for stores returns by its deadline while none of its stores can land"),
    STORE_WAIT_WOKEN("line37",
            "a wake ends a driver's own wait for stores that is blocked, and one that comes after a waiter read the wake "
                    + "count ends the wait it then starts: none is lost");

    private final String id;
    private final String sentence;

    LineRule(String id, String sentence) {
        this.id = id;
        this.sentence = sentence;
    }

    /** The rule's short, stable name: {@code line06}. */
    public String id() {
        return id;
    }

    /** What the rule says, as one sentence. */
    public String sentence() {
        return sentence;
    }

    /** A failure of this rule as the suites report it: {@code "line06: " + what}. */
    public String broken(String what) {
        return id + ": " + what;
    }

    /** The rule with {@code id}, such as {@code line06}. */
    public static LineRule byId(String id) {
        for (LineRule rule : values()) {
            if (rule.id.equals(id)) {
                return rule;
            }
        }
        throw new IllegalArgumentException("no line rule has the id " + id);
    }

    /** {@code line06 (a page is never freed under ...)}. */
    @Override
    public String toString() {
        return id + " (" + sentence + ")";
    }
}
