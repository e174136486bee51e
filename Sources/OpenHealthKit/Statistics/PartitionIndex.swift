extension RandomAccessCollection {
    /// The index of the first element for which `isPast` holds, by binary search: `isPast` must be false for a prefix
    /// of the collection and true for the rest (a condition like `>= key` on ascending elements). `endIndex` when it
    /// holds for none. The statistics cache's sorted slots and raw samples, and a collection's intervals, are searched
    /// this way.
    func partitionIndex(where isPast: (Element) -> Bool) -> Index {
        var low = startIndex, count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if isPast(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
