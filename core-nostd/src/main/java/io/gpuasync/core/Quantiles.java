package io.gpuasync.core;

/** Order statistics over a prefix of an array, in place and without allocating. */
final class Quantiles {
    private Quantiles() {
    }

    /**
     * The {@code k}-th smallest (0-based) of {@code values[0, n)}, reordering them (Hoare's
     * selection). A loop of our own, not {@code Arrays.sort}: the JDK's sort loads classes on
     * the thread whose call first compiles it, which allocates on a wait path.
     */
    static long kthSmallest(long[] values, int n, int k) {
        if (n <= 0 || k < 0 || k >= n) {
            throw new IllegalArgumentException("rank " + k + " of " + n + " values");
        }
        int left = 0;
        int right = n - 1;
        while (left < right) {
            long pivot = values[(left + right) >>> 1];
            int i = left;
            int j = right;
            while (i <= j) {
                while (values[i] < pivot) {
                    i++;
                }
                while (values[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    long swap = values[i];
                    values[i] = values[j];
                    values[j] = swap;
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                right = j;
            } else if (k >= i) {
                left = i;
            } else {
                return values[k];
            }
        }
        return values[k];
    }
}
